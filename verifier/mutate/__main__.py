"""python -m verifier.mutate [FILES]: the mutation score of the checker on derivations (default: the project's)."""
import sys

from .command import main

sys.exit(main())
