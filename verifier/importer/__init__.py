"""Import derivation chains from LaTeX: `python -m verifier import FILE [--label eq:…] [--out derivations/x.py]`.

environments.py finds display math and splits it into chains of relations; reading.py reads each
side with explicit, printed rules over a LaTeX parser; document.py reads a whole text (definitions,
failures with their lines); declarations.py infers declarations; writer.py writes the derivation
file; command.py is the command.
"""
