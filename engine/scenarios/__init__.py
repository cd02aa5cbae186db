"""The rules-lawyer's kit: scenarios (set up a position, make a move, check what happened) and
the rulings on ambiguous rules with the index that ties them to the scenarios pinning them.
"""
