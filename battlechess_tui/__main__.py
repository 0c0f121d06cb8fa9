from battlechess_tui.cli import main

raise SystemExit(main())
