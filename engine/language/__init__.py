"""The faction language: rule texts parsed with Lark into syntax trees, compiled once at load
into Python (closures, and generated source for expressions), and run by the frames of
`runtime`: statements, builtins, abilities (triggers, modifiers, invariants) and the bounds that
keep a stranger's faction from hanging the machine.

It calls the Law's mechanics (`rootlaw.law`) and the core; the turn structure (`rootlaw.play`)
and the content loaders call it.
"""
