"""The games kolo knows, each in a folder of its own: what a table of the game needs before play
(the cards drawn for it), its cards or tiles, and its engine and bots. Pure: a game imports
nothing from the store, the web or the CLI."""
