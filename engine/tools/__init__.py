"""The tools at the edge, for people: the command line, a person at the terminal, simulations
and their report, the faction sheet, pictures of the board and the web table.
"""
