"""Headless Chromium driven by Selenium, as every browser test and measurement here starts it."""

import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000",
         "--disable-dev-shm-usage", "--disable-background-networking"]


def start(extra=()):
    """A new browser with the flags above and `extra`; Debian's chromium and chromedriver when installed."""
    options = webdriver.ChromeOptions()
    for flag in [*FLAGS, *extra]:
        options.add_argument(flag)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        options.binary_location = chromium
    driver_path = shutil.which("chromedriver")
    return webdriver.Chrome(options=options, service=Service(driver_path) if driver_path else None)
