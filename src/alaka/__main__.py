from alaka.cli import main

main()
