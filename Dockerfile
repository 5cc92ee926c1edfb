# Assay web + worker image, for docker-compose.yml (not exercised by the tests; no Docker engine
# runs on the development machines). Build: docker build -t assay .
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -q -DskipTests -Dspotless.check.skip=true install

FROM eclipse-temurin:17-jre
WORKDIR /app
COPY --from=build /src/web/target/assay.jar /app/assay.jar
# Embedded state (generated password, report files) lives here; PostgreSQL and Temporal are external.
ENV ASSAY_HOME=/var/lib/assay
VOLUME /var/lib/assay
EXPOSE 8080
ENTRYPOINT ["java", "-jar", "/app/assay.jar"]
CMD ["up"]
