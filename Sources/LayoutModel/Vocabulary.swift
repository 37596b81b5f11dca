// The model speaks the plain words of a constraint (attributes, relations, priorities, specs,
// insets, direction). Each file whose public declarations use them imports LayoutVocabulary
// publicly (the compiler says where that is not needed); none re-exports it: a module above
// the model that names those words declares its dependency on LayoutVocabulary and imports it
// itself.
internal import LayoutVocabulary
