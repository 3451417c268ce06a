"""Send PDF via email, driven in Chromium: the sheet, a real SMTP server (aiosmtpd) on 127.0.0.1
that receives the message, and the PDF attachment read by poppler's pdfinfo."""

import email
import email.policy
import os
import socket
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from folio_browser import FOLIO, BrowserTestCase

# Debian's Python has aiosmtpd (python3-aiosmtpd, which Scripts/setup installs); the browser
# tests' venv, and a python3 first on PATH (pyenv), need not.
SMTP_PYTHON = "/usr/bin/python3"
SMTP_SERVER = """
import os, signal, sys
from aiosmtpd.controller import Controller
port, folder = int(sys.argv[1]), sys.argv[2]
class Handler:
    count = 0
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().endswith('@refused.example'):
            return '550 5.1.1 No such user here'
        envelope.rcpt_tos.append(address)
        return '250 OK'
    async def handle_DATA(self, server, session, envelope):
        Handler.count += 1
        path = os.path.join(folder, '%06d.eml' % Handler.count)
        with open(path + '.part', 'wb') as file:
            file.write(envelope.original_content)
        os.rename(path + '.part', path)
        return '250 Message accepted for delivery'
Controller(Handler(), hostname='127.0.0.1', port=port).start()
signal.pause()
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SendPDFTests(BrowserTestCase):
    def setUp(self):
        super().setUp()
        self.mail = tempfile.mkdtemp(prefix="folio-smtp-")
        self.port = free_port()
        self.smtp = subprocess.Popen([SMTP_PYTHON, "-c", SMTP_SERVER, str(self.port), self.mail])
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def tearDown(self):
        self.smtp.terminate()
        self.smtp.wait()
        super().tearDown()

    def configure(self, server):
        subprocess.run(
            [FOLIO, "--home", server.home, "settings", "smtp", f"smtp://127.0.0.1:{self.port}", "--from", "me@folio.test"],
            check=True,
            capture_output=True,
        )

    def messages(self):
        return sorted(name for name in os.listdir(self.mail) if name.endswith(".eml"))

    def open_sheet(self, name):
        self.open()
        self.open_document(name)

        def chose_send():
            """Opens the menu and chooses Send PDF once the menu knows the open document."""
            self.css("#actions-button").click()
            item = self.wait_for_css('#actions-menu [data-action="send-pdf"]')
            self.wait_for(lambda driver: item.is_displayed(), "the menu")
            if item.is_enabled():
                item.click()
                return True
            ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
            return False

        self.wait_for(lambda driver: chose_send(), "Send PDF to be enabled for the open document")
        sheet = self.wait_for_css("#send-sheet")
        self.wait_for(lambda driver: "House.pdf" in self.css("#send-attachment").text, "the attachment's name")
        return sheet

    def test_the_sheet_sends_the_drawing_as_a_pdf_through_the_smtp_server(self):
        self.serve(prepare=self.configure)
        sheet = self.open_sheet("House.dudeldoc")
        # The attachment's name and size, and the title as the subject.
        self.assertRegex(self.css("#send-attachment").text, r"^House\.pdf · \d+(\.\d)? KiB$")
        self.assertEqual(self.css("#send-subject").get_attribute("value"), "House")
        self.css("#send-to").send_keys("bob@example.com, alice@example.org")
        subject = self.css("#send-subject")
        subject.clear()
        subject.send_keys("Our house")
        self.css("#send-message").send_keys("The plan, as a PDF.")
        self.screenshot("sheet")
        self.css("#send-button").click()
        self.wait_for(lambda driver: not sheet.is_displayed(), "the sheet to close")
        self.wait_for(lambda driver: "Sent House.pdf to bob@example.com, alice@example.org" in self.css("#toasts").text)
        self.assertEqual(len(self.messages()), 1)
        with open(os.path.join(self.mail, self.messages()[0]), "rb") as file:
            message = email.message_from_binary_file(file, policy=email.policy.default)
        self.assertEqual(str(message["Subject"]), "Our house")
        self.assertEqual(str(message["To"]), "bob@example.com, alice@example.org")
        self.assertEqual(message.get_body(("plain",)).get_content(), "The plan, as a PDF.")
        attachment = next(message.iter_attachments())
        self.assertEqual(attachment.get_filename(), "House.pdf")
        pdf = os.path.join(self.mail, "House.pdf")
        with open(pdf, "wb") as file:
            file.write(attachment.get_content())
        info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
        self.assertRegex(info, r"Pages:\s+1\n")
        self.assertRegex(info, r"Page size:\s+1024 x 768 pts")

    def test_a_refused_recipient_shows_what_the_server_said_and_the_sheet_stays(self):
        self.serve(prepare=self.configure)
        sheet = self.open_sheet("House.dudeldoc")
        self.css("#send-to").send_keys("nobody@refused.example")
        self.css("#send-button").click()
        self.wait_for(lambda driver: "550 5.1.1 No such user here" in self.css("#send-problem").text, "the server's reply")
        self.assertTrue(sheet.is_displayed())
        self.assertEqual(self.messages(), [])
        self.screenshot("refused")

    def test_without_a_server_the_sheet_says_how_to_configure_one(self):
        self.serve()
        self.open_sheet("House.dudeldoc")
        self.wait_for(lambda driver: "folio settings smtp" in self.css("#send-problem").text, "the advice")
        self.assertFalse(self.css("#send-button").is_enabled())
        self.css("#send-sheet .cancel-button").click()

    def test_only_drawings_and_notes_can_be_sent(self):
        self.serve()
        self.open()
        self.open_document("simpsons.csv")
        self.css("#actions-button").click()
        item = self.wait_for_css('#actions-menu [data-action="send-pdf"]')
        self.wait_for(lambda driver: not item.is_enabled(), "Send PDF to be disabled for a table")


if __name__ == "__main__":
    sys.exit(__import__("unittest").main())
