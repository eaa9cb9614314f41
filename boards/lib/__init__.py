"""Third-party drivers kept as files, unchanged, each with its licence and origin."""
