"""Tools for those who make Alaka (translators...), not needed to play or run it."""
