"""Task families that span two or more apps: `xapp` (cross-app work), `scenarios` (long-horizon scenarios)
and `ultralong` (>= 100 oracle calls). Content built on the task framework (`tasks`), like each app's own
`apps/<app>/families`."""
