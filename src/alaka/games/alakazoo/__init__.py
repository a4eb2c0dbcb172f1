"""Alakazoo: a 2-4 player dice-and-card tournament of portal boards and fantastic creatures."""
