"""What a game is played with, loaded from files: maps, decks, factions, packs, and the records
and saved games that name them.
"""
