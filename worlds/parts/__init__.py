"""World parts that span apps (each a package `worlds/parts/<name>/` exposing `PART`), discovered by the
generator after the apps' own parts."""
