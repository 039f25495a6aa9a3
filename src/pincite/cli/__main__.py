"""`python -m pincite.cli`: the same as the `pincite` command."""
from pincite.cli.main import main

main()
