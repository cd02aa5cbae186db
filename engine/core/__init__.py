"""The game machine: the state as plain data, the decision loop and its frames, the board and
its queries, the piece operations, cards, events, and the state checker.

It knows the Law's vocabulary (clearings, pieces, rule, cards) but none of its rules, and no
faction; it imports only `rootlaw.files`.
"""
