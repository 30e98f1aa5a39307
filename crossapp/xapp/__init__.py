"""Cross-app task families (two or more apps)."""
