"""Agents answer decisions: random and scripted ones, and the bots that play any faction from
data (greedy, Monte Carlo tree search).
"""
