package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.web.support.TestStack;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium driven through the system chromedriver. Both paths are given explicitly,
 * so Selenium Manager never looks anything up or downloads anything; each browser gets a fresh
 * profile directory, removed on close.
 */
public final class Browser implements AutoCloseable {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private final String base;
  private final Path profile;
  private final ChromeDriverService service;
  private final ChromeDriver driver;

  private Browser(String base) throws IOException {
    assertThat(CHROMIUM)
        .as("Debian chromium (apt-get install chromium chromium-driver)")
        .isExecutable();
    assertThat(CHROMEDRIVER).as("chromedriver (apt-get install chromium-driver)").isExecutable();
    this.base = base;
    this.profile = Files.createTempDirectory("assay-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,1400",
        "--user-data-dir=" + profile);
    this.service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    this.driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
  }

  public static Browser open(String base) {
    try {
      return new Browser(base);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads pages as someone in {@code zone} (an IANA id such as Asia/Kolkata) would: the browser's
   * own clock zone, which the page script uses for local times.
   */
  public Browser timeZone(String zone) {
    driver.executeCdpCommand("Emulation.setTimezoneOverride", java.util.Map.of("timezoneId", zone));
    return this;
  }

  public WebDriver driver() {
    return driver;
  }

  public Browser go(String path) {
    driver.get(base + path);
    return this;
  }

  public Browser signIn(String user) {
    go("/login");
    driver.findElement(By.id("username")).sendKeys(user);
    driver.findElement(By.id("password")).sendKeys(TestStack.PASSWORD);
    driver.findElement(By.id("sign-in")).click();
    waitFor(d -> !d.getCurrentUrl().contains("/login"), Duration.ofSeconds(10));
    return this;
  }

  public WebElement find(String id) {
    return driver.findElement(By.id(id));
  }

  /**
   * Clicks an element by id. Parts of the job page are swapped in when the job changes, so an
   * element found a moment ago may have been replaced; the click then goes to its successor.
   */
  public Browser click(String id) {
    new WebDriverWait(driver, Duration.ofSeconds(10), Duration.ofMillis(100))
        .ignoring(StaleElementReferenceException.class)
        .until(
            d -> {
              d.findElement(By.id(id)).click();
              return true;
            });
    return this;
  }

  public WebElement await(String id, Duration timeout) {
    return new WebDriverWait(driver, timeout)
        .until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
  }

  public <T> T waitFor(Function<WebDriver, T> condition, Duration timeout) {
    return new WebDriverWait(driver, timeout, Duration.ofMillis(100))
        .ignoring(StaleElementReferenceException.class)
        .until(condition::apply);
  }

  /**
   * Brings an element to the top of the window, e.g. before a screenshot of it. Like {@link
   * #click}, it finds the element again when a live update replaced it in the meantime.
   */
  public Browser scrollTo(String id) {
    waitFor(
        d -> {
          js("arguments[0].scrollIntoView({block: 'start'});", d.findElement(By.id(id)));
          return true;
        },
        Duration.ofSeconds(10));
    return this;
  }

  /** The visible text of an element, found again if a live update replaced it meanwhile. */
  public String text(String id) {
    return waitFor(d -> d.findElement(By.id(id)).getText(), Duration.ofSeconds(10));
  }

  /**
   * An attribute of an element (null when it has none), found again if a live update replaced the
   * element between finding and reading it.
   */
  public String attribute(String id, String name) {
    return waitFor(
            d -> Optional.ofNullable(d.findElement(By.id(id)).getAttribute(name)),
            Duration.ofSeconds(10))
        .orElse(null);
  }

  public Object js(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(script, args);
  }

  /** Saves what the browser shows as target/screenshots/{name}.png and returns the file. */
  public Path screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
      Path target = SCREENSHOTS.resolve(name + ".png");
      Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      service.stop();
      try (Stream<Path> files = Files.walk(profile)) {
        files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      } catch (IOException e) {
        // A leftover temporary profile is harmless.
      }
    }
  }
}
