"""Exports of saasgym tasks into other harnesses' task formats (`saasgym export …`)."""
