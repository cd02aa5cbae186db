"""`python -m rootlaw`: the `rootlaw` command."""
from rootlaw.tools.cli import main

raise SystemExit(main())
