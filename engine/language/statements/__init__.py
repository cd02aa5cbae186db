"""The statements of the faction language, as objects the `block` frame runs one at a time.

`run(game, frame)` does the statement's work and returns True when it is finished. A
statement that needs a decision asks with the frame's "answer" slot and returns False; the
frame comes back to the same statement with the answer stored. Statements that start a
longer piece of work (a battle, a choice's body) push a frame and return True.
"""
from .base import (
                      BATTLE_FIELDS,
                      Block,
                      Fn,
                      Stmt,
                      action_frame,
                      as_list,
                      block_frame,
                      ctx_of,
                      shown,
)
from .effects import (
                      DiscardCard,
                      DiscardRandom,
                      Draw,
                      MoveCards,
                      Place,
                      Relocate,
                      Remove,
                      Reveal,
                      Score,
                      SetBattle,
                      TakeRandom,
)
from .clearings import Clear
from .hands import Give, TakeDiscard
from .items import CraftCard, HideItems, Make, TakeItem
from .flow import (
                      Battle,
                      Cancel,
                      Choose,
                      Craft,
                      DoAction,
                      EndPhase,
                      ForEach,
                      If,
                      Let,
                      Mark,
                      Move,
                      Offer,
                      Repeat,
                      Say,
                      SetVar,
)
from .locals import Assign, Var
from .phrases import SayPhrase
from .piles import PutCard, pile_of
from .removal import Redirect

__all__ = ["BATTLE_FIELDS", "Block", "Fn", "Stmt", "action_frame", "as_list", "block_frame", "ctx_of", "shown",
           "Draw", "DiscardCard", "DiscardRandom", "MoveCards", "Place", "Relocate", "Remove", "Reveal", "Score",
           "SetBattle", "TakeRandom", "Battle", "Cancel", "Choose", "Craft", "DoAction", "ForEach", "If", "Let", "Mark",
           "Move", "Offer", "Repeat", "Say", "SayPhrase", "SetVar", "Assign", "Var", "PutCard", "pile_of", "EndPhase", "Redirect",
           "Clear", "CraftCard", "Give", "HideItems", "Make", "TakeDiscard", "TakeItem"]
