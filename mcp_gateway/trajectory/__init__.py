"""GUI trajectories: export (harness API + `saasgym trajectory export`) and replay in Chromium."""
