from alaka.cli import main

# Guarded: worker processes started with "spawn" (alaka simulate --jobs) import this module
# again as __mp_main__, and must not run the command line a second time.
if __name__ == "__main__":
    main()
