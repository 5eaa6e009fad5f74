"""maw_sim: the Maw family of card games — rules as data, a fast engine, bots and studies."""
from .cards import Card
from .variants import Variant, VariantError, load_variant, variant_ids, sources

__all__ = ["Card", "Variant", "VariantError", "load_variant", "variant_ids", "sources"]
__version__ = "0.1.0"
