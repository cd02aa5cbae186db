"""The Law of Root's mechanics every faction shares: moving (4.2), battle (4.3), crafting (4.1)
and victory (3). The faction language calls them, so they import nothing of it.
"""
