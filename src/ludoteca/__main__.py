from ludoteca.cli import main

raise SystemExit(main())
