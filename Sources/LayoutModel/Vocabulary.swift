// The model speaks the plain words of a constraint (attributes, relations, priorities, specs,
// insets, direction). Imported publicly, not re-exported: a module above the model that names
// those words declares its dependency on LayoutVocabulary and imports it itself.
public import LayoutVocabulary
