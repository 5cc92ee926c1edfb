-- A plain SQL dump of two tables (hand-made for tests; same shape as pg_dump's output).
SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);

CREATE TABLE public.station (
    station_id integer NOT NULL,
    name text NOT NULL,
    area text NOT NULL,
    docks smallint NOT NULL
);

ALTER TABLE public.station OWNER TO postgres;

CREATE TABLE public.trip (
    trip_id integer NOT NULL,
    station_id integer NOT NULL,
    started_at timestamp with time zone NOT NULL,
    minutes numeric(6,1) NOT NULL,
    rider text NOT NULL
);

ALTER TABLE ONLY public.station ADD CONSTRAINT station_pkey PRIMARY KEY (station_id);
ALTER TABLE ONLY public.trip ADD CONSTRAINT trip_pkey PRIMARY KEY (trip_id);

COPY public.station (station_id, name, area, docks) FROM stdin;
1	Harbour Gate	north	12
2	Old Mill	north	14
3	Market Square	south	16
4	Riverside	south	18
\.

COPY public.trip (trip_id, station_id, started_at, minutes, rider) FROM stdin;
1	2	2024-03-14 03:00:00+00	23.5	member
2	1	2024-04-16 00:00:00+00	7.9	casual
3	1	2024-04-13 14:00:00+00	14.2	member
4	3	2024-04-05 23:00:00+00	6.6	member
5	3	2024-04-06 12:00:00+00	6.1	casual
6	1	2024-03-20 08:00:00+00	35.8	casual
7	1	2024-04-19 12:00:00+00	33.4	member
8	1	2024-03-05 06:00:00+00	31.9	member
9	2	2024-04-06 01:00:00+00	10.5	member
10	3	2024-03-27 14:00:00+00	32.1	casual
11	1	2024-03-10 02:00:00+00	33.2	casual
12	1	2024-04-02 01:00:00+00	8.1	casual
13	1	2024-04-18 10:00:00+00	6.1	member
14	3	2024-04-28 08:00:00+00	30.6	member
15	3	2024-04-20 06:00:00+00	51.0	member
16	2	2024-03-22 11:00:00+00	44.3	casual
17	4	2024-03-22 02:00:00+00	7.3	member
18	3	2024-04-12 12:00:00+00	48.5	casual
19	3	2024-03-25 20:00:00+00	34.7	member
20	1	2024-04-13 23:00:00+00	24.7	member
21	1	2024-04-12 00:00:00+00	24.9	casual
22	1	2024-04-17 21:00:00+00	32.8	member
23	2	2024-04-29 14:00:00+00	21.2	member
24	3	2024-04-09 05:00:00+00	6.6	member
25	2	2024-04-10 17:00:00+00	39.2	member
26	1	2024-04-30 03:00:00+00	19.1	casual
27	3	2024-04-08 07:00:00+00	17.8	member
28	3	2024-03-30 21:00:00+00	4.2	member
29	2	2024-03-15 15:00:00+00	34.8	member
30	1	2024-03-19 21:00:00+00	42.9	member
31	3	2024-03-22 10:00:00+00	23.7	member
32	1	2024-03-15 11:00:00+00	26.4	casual
33	2	2024-03-12 23:00:00+00	45.6	casual
34	2	2024-04-05 17:00:00+00	54.3	casual
35	3	2024-03-20 23:00:00+00	10.8	member
36	1	2024-03-21 02:00:00+00	37.2	member
37	3	2024-04-20 13:00:00+00	12.5	member
38	1	2024-03-13 17:00:00+00	24.8	member
39	3	2024-04-18 14:00:00+00	19.6	member
40	3	2024-04-14 06:00:00+00	52.4	casual
41	3	2024-03-05 21:00:00+00	26.7	casual
42	4	2024-04-18 00:00:00+00	23.4	member
43	3	2024-03-10 03:00:00+00	28.0	member
44	1	2024-03-17 13:00:00+00	6.5	member
45	3	2024-03-15 03:00:00+00	8.7	casual
46	1	2024-03-10 00:00:00+00	3.0	member
47	3	2024-03-09 22:00:00+00	52.3	casual
48	1	2024-03-07 07:00:00+00	48.5	casual
49	3	2024-03-13 23:00:00+00	36.0	member
50	3	2024-04-01 08:00:00+00	27.7	member
51	4	2024-04-11 22:00:00+00	54.6	member
52	3	2024-04-11 13:00:00+00	19.2	member
53	1	2024-03-30 12:00:00+00	41.5	member
54	4	2024-04-29 08:00:00+00	11.4	member
55	1	2024-04-15 08:00:00+00	21.8	casual
56	3	2024-03-03 14:00:00+00	42.4	member
57	3	2024-03-09 01:00:00+00	39.2	member
58	3	2024-04-01 14:00:00+00	50.2	member
59	4	2024-03-20 07:00:00+00	30.7	casual
60	2	2024-04-24 14:00:00+00	14.6	member
\.

ALTER TABLE ONLY public.trip
    ADD CONSTRAINT trip_station_id_fkey FOREIGN KEY (station_id) REFERENCES public.station(station_id);
