"""Running derivation files' code where it cannot reach the checker: child processes, data back."""
