"""A page's words are found and translated where they stand, and nothing else of it changes."""

from __future__ import annotations

from alaka.ui.web.pages import messages, translated

PAGE = """<!doctype html>
<html lang="en">
<head><title>Alaka · lobby</title><script type="module" src="/static/lobby.js"></script>
<style>h1 { color: red }</style></head>
<body>
  <h1>Lobby</h1>
  <p>Tom &amp; Jerry
     play</p>
  <input placeholder="name (optional)" maxlength="40" data-name="Not read">
  <button aria-label="Close the menu" title='Close'>+</button>
  <span>42</span>
  <script>const words = "not a message";</script>
</body></html>
"""


def test_the_words_of_a_page_are_its_texts_and_read_attributes() -> None:
    assert [message for _, message in messages(PAGE)] == [
        "Alaka · lobby",
        "Lobby",
        "Tom & Jerry play",
        "name (optional)",
        "Close the menu",
        "Close",
    ]
    assert dict((message, line) for line, message in messages(PAGE))["Tom & Jerry play"] == 7


def test_a_page_translated_changes_its_words_and_language_only() -> None:
    assert translated(PAGE, lambda message: message, "en") == PAGE
    page = translated(PAGE, lambda message: f"«{message.upper()}»", "ca")
    assert '<html lang="ca">' in page
    assert "<h1>«LOBBY»</h1>" in page
    assert "<p>«TOM &amp; JERRY PLAY»</p>" in page  # escaped again where it stands
    assert 'placeholder="«NAME (OPTIONAL)»" maxlength="40" data-name="Not read"' in page
    assert "aria-label=\"«CLOSE THE MENU»\" title='«CLOSE»'>+</button>" in page
    assert "<span>42</span>" in page and 'const words = "not a message";' in page
    assert "h1 { color: red }" in page
