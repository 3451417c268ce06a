"""Takes the README's screenshot: the app on a first-launch container, a drawing open.

    Scripts/browser-tests --screenshot Docs/screenshot.png
"""

import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from folio_browser import TOKEN, FolioServer, make_driver


def main(output):
    server = FolioServer()
    driver = make_driver(1280, 800)
    try:
        driver.get(server.url + "/?token=" + TOKEN)
        driver.get(server.url + "/#/documents/House.dudeldoc")
        wait = WebDriverWait(driver, 20)
        wait.until(lambda d: d.find_element(By.ID, "detail-title").text == "House.dudeldoc")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#document-table img.image-thumbnail")) == 2)
        wait.until(lambda d: d.find_element(By.ID, "live").get_attribute("data-state") == "live")
        driver.execute_script("document.activeElement.blur()")
        time.sleep(0.3)  # let the last frame paint before the picture is taken
        driver.save_screenshot(output)
        print("wrote", output)
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1])
