// The model speaks the plain words of a constraint (attributes, relations, priorities, specs,
// insets, direction); re-exported so that code above the model keeps importing one module.
@_exported import LayoutVocabulary
