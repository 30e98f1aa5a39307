"""Task families: code that draws verifiable task instances (`<family>@<seed>`) from a world and a seed."""
