"""`python -m rootlaw`: the `rootlaw` command."""
from rootlaw.tools.entry import main

raise SystemExit(main())
