import Testing
import LayoutVocabulary
@testable import VisualFormat

/// A visual format string found in public code, with the options it was used with (as option
/// words) and where it came from.
struct CorpusEntry: Sendable, CustomTestStringConvertible {
    var format: String
    var options: String = ""
    var source: String
    var testDescription: String { format }
}

private func entries(_ source: String, _ formats: [(String, String)]) -> [CorpusEntry] {
    formats.map { CorpusEntry(format: $0.0, options: $0.1, source: source) }
}

private func entries(_ source: String, _ formats: [String]) -> [CorpusEntry] {
    formats.map { CorpusEntry(format: $0, source: source) }
}

/// Real-world VFL strings collected with the search tool, grouped by repository/path.
let corpus: [CorpusEntry] =
    // tutsplus/iOS-VisualFormatLanguage — VFL_Example/ViewController.swift
    entries("tutsplus/iOS-VisualFormatLanguage VFL_Example/ViewController.swift", [
        "H:|-spacing-[red(>=lowWidth,<=highWidth@priority)]-redBlueSpacing-[blue(==red)]-spacing-|",
        "H:|[green]|",
        "V:|[red]-spacing-[green(greenHeight)]|",
        "V:|[blue]-spacing-[green(greenHeight)]|",
    ])
    // marcexmachina/rw_visualformatlanguage — Grapevine/ViewController.swift (Ray Wenderlich tutorial)
    + entries("marcexmachina/rw_visualformatlanguage Grapevine/ViewController.swift", [
        ("V:[topLayoutGuide]-[iconImageView(30)]", ""),
        ("H:|-hp-[iconImageView(iconImageViewWidth)]-[appNameLabel]-[skipButton]-hp-|", "alignAllCenterY"),
        ("H:|-hp-[summaryLabel]-hp-|", ""),
        ("V:[iconImageView]-10-[appImageView]", ""),
        ("V:[appImageView]-10-[welcomeLabel]", "alignAllCenterX"),
        ("V:[welcomeLabel]-4-[summaryLabel]", "alignAllLeading alignAllTrailing"),
        ("V:[summaryLabel]-15-[pageControl(9)]-15-|", "alignAllCenterX"),
    ])
    // stack3/STVisualFormatLanguageSample — STVisualFormatLanguage/STVisualFormatLanguageViewController.m
    + entries("stack3/STVisualFormatLanguageSample STVisualFormatLanguage/STVisualFormatLanguageViewController.m", [
        "|-8-[button1]-8-|",
        "V:|-8-[button1]",
        "|-widePadding-[button2]-widePadding-|",
        "V:[button1]-padding-[button2]",
        "|-[searchTextField]-[searchButton(100)]-|",
        "V:[button2]-[searchTextField]",
        "V:[button2]-[searchButton(30)]",
    ])
    // slackhq/SlackTextViewController — Source/Classes/SLKTextInputbar.m
    + entries("slackhq/SlackTextViewController Source/Classes/SLKTextInputbar.m", [
        "H:|-(==hor)-[leftButton(0)]-(<=hor)-[textView]-(==hor)-[rightButton(0)]-(==hor)-|",
        "V:|-(>=0)-[leftButton(0)]-(0@750)-|",
        "V:|-(>=rightVerMargin)-[rightButton]-(<=rightVerMargin)-|",
        "V:|-0-[accessoryView(0)]-(<=ver)-[textView(==minTextViewHeight@250)]-(==ver)-|",
        "H:|[accessoryView]|",
    ])
    // slackhq/SlackTextViewController — Source/SLKTextViewController.m (several versions in its history)
    + entries("slackhq/SlackTextViewController Source/SLKTextViewController.m", [
        "V:|[scrollView(0@750)][autoCompletionView(0@750)][typingIndicatorView(0)]-0@999-[textInputbar(>=0)]|",
        "V:|[scrollView(==0@750)][autoCompletionView(0)][typingIndicatorView(0)]-0@999-[textInputbar(>=0)]|",
        "V:|[scrollView(0@750)][autoCompletionView(0)][typingIndicatorView(0)]-0@999-[textInputbar(>=0)]|",
        "V:|[scrollView(0@750)][typingIndicatorView(0)]-0@999-[textInputbar(0)]|",
        "V:|[scrollView(0@750)][autoCompletionView(0@750)][typingIndicatorView(0)]-0@999-[textInputbar(>=0)]-0-|",
        "V:|-(>=0)-[autoCompletionView(0@750)][typingIndicatorView]",
        "H:|[scrollView]|",
        "H:|[autoCompletionView]|",
        "H:|[typingIndicatorView]|",
        "H:|[textInputbar]|",
    ])
    // slackhq/SlackTextViewController — Examples/Messenger-Shared/MessageTableViewCell.m
    + entries("slackhq/SlackTextViewController Examples/Messenger-Shared/MessageTableViewCell.m", [
        "H:|-left-[thumbnailView(tumbSize)]-right-[titleLabel(>=0)]-right-|",
        "H:|-left-[thumbnailView(tumbSize)]-right-[bodyLabel(>=0)]-right-|",
        "V:|-right-[thumbnailView(tumbSize)]-(>=0)-|",
        "V:|-right-[titleLabel(20)]-left-[bodyLabel(>=0@999)]-left-|",
        "V:|[titleLabel]|",
    ])
    // slackhq/SlackTextViewController — Examples/Messenger-Shared/TypingIndicatorView.m
    + entries("slackhq/SlackTextViewController Examples/Messenger-Shared/TypingIndicatorView.m", [
        "H:|-5-[thumbnailView]-10-[titleLabel]-(>=0)-|",
        "V:|-(>=0)-[thumbnailView]-(invertedThumbSize)-|",
        "V:|-(>=0)-[titleLabel]-(3@750)-|",
    ])
    // OlhaMC/AutoLayout-VisualFormat — AutoLayout-VisualFormat/Classes/Controller/ViewController.m
    + entries("OlhaMC/AutoLayout-VisualFormat AutoLayout-VisualFormat/Classes/Controller/ViewController.m", [
        "H:[loadButton(100)]-10-|",
        "V:[loadButton(30)]-10-|",
        "H:|-10-[clearButton(100)]",
        "V:[clearButton(30)]-10-|",
        "H:|-25-[infoLable]-25-|",
        "V:|-30-[infoLable(>=30)]->=100-|",
    ])
    // Andrew11US/iOS-VisualFormatLanguage-App — VisualFormatLanguage/ViewController.swift
    + entries("Andrew11US/iOS-VisualFormatLanguage-App VisualFormatLanguage/ViewController.swift", [
        "V:|-[topViewHolder(50)]",
        "H:|-0-[topViewHolder]-0-|",
    ])
    // jghg02/VisualFormat — ConstraintProject/ViewController.swift
    + entries("jghg02/VisualFormat ConstraintProject/ViewController.swift", [
        "H:|[my_view]|",
        "V:|[my_view]|",
    ])
    // KamalHunzai/VisualFormatLangaueWithSwift — VisualFormatLanguage/ViewController.swift
    + entries("KamalHunzai/VisualFormatLangaueWithSwift VisualFormatLanguage/ViewController.swift", [
        "H:|-10-[red(>=100,<=200)]-0-[blue(==red)]-10-|",
        "V:|[red]|",
    ])
    // audreyseo/pet-rubiks-ios — cubeTimer/DateFormatCell.swift, SliderCell.swift, StatsCell.swift
    + entries("audreyseo/pet-rubiks-ios cubeTimer/DateFormatCell.swift", [
        "H:|-16-[v0]-16-|",
        "V:|-8-[v0]-8-|",
    ])
    + entries("audreyseo/pet-rubiks-ios cubeTimer/SliderCell.swift", [
        "H:|-16-[v0]-[v1]-[v2]-|",
        "H:|-16-[v0]-|",
    ])
    + entries("audreyseo/pet-rubiks-ios cubeTimer/StatsCell.swift", [
        "H:|-16-[v0]->=30-[v1]-16-|",
    ])
    // Erozone/imoMessangerDemo — imoMessanger1/imoMessanger1/collectionViewCell.swift
    + entries("Erozone/imoMessangerDemo imoMessanger1/imoMessanger1/collectionViewCell.swift", [
        "H:|-12-[v0(60)]",
        "V:[v0(60)]",
        "H:|-82-[v0]|",
        "V:[v0(1)]|",
        "V:|[v0]-1-|",
        "H:|[v0(150)]",
        "V:|-10-[v0(20)]",
        "H:|-170-[v0]-60-|",
        "H:|-250-[v0(25)]",
        "V:|-30-[v0(25)]",
        "H:|[v0]-60-|",
        "V:|-35-[v0(20)]",
    ])
    // dzenbot/DZNEmptyDataSet — Source/UIScrollView+EmptyDataSet.m (the last one is the format its
    // loop builds, as quoted in the crash report DZNEmptyDataSet#334)
    + entries("dzenbot/DZNEmptyDataSet Source/UIScrollView+EmptyDataSet.m", [
        "H:|[contentView]|",
        "H:|[customView]|",
        "V:|[customView]|",
        "H:|-(padding@750)-[titleLabel(>=0)]-(padding@750)-|",
        "H:|-(padding@750)-[detailLabel(>=0)]-(padding@750)-|",
        "H:|-(padding@750)-[button(>=0)]-(padding@750)-|",
        "V:|[imageView]-(11@750)-[titleLabel]|",
        "V:|[imageView]-(11@750)-[titleLabel]-(11@750)-[detailLabel]-(11@750)-[button]|",
    ])
    // BennyKJohnson/GSAutoLayoutVFLParser — GSAutoLayoutVFLParserTests/GSAutoLayoutVFLParserTests.m
    + entries("BennyKJohnson/GSAutoLayoutVFLParser GSAutoLayoutVFLParserTests/GSAutoLayoutVFLParserTests.m", [
        ("[view]", ""),
        ("[view(50)]", ""),
        ("[view(==50)]", ""),
        ("[view(>=50)]", ""),
        ("[view(<=50)]", ""),
        ("[view1(>=70,<=100)]", ""),
        ("[view1(viewWidth)]", ""),
        ("[view(50@500)]", ""),
        ("[view(50@priority)]", ""),
        ("[view1][view2]", ""),
        ("[view1]-[view2]", ""),
        ("[view1]-10-[view2]", ""),
        ("|-60-[view1]-50-|", ""),
        ("V:[view1]-10-[view2]", ""),
        ("V:|-10-[view]-10-|", ""),
        ("H:[view1]-10-[view2]", ""),
        ("[view1(==view2)]", ""),
        ("V:[view1(==view2)]", ""),
        ("|-[find]-[findNext]-[findField(>=20@500)]-|", "alignAllTop"),
        ("V:[view1][view2]", "alignAllCenterX"),
        ("[view1][view2]", "alignAllBottom alignAllTop"),
        ("V:|-[find]-[findNext]-|", "directionLeftToRight"),
        ("|-[find]-[findNext]-|", "directionRightToLeft"),
    ])

/// Declares what a format needs, the way a user would before typing it: every name written as
/// `[name` is a view (in `root`); every other name is a metric (value 10, which is also a legal
/// priority).
func declarations(for format: String) -> (views: Set<String>, metrics: [String: Double]) {
    var body = Substring(format)
    if body.hasPrefix("H:") || body.hasPrefix("V:") { body = body.dropFirst(2) }
    var views: Set<String> = []
    var others: Set<String> = []
    var previous: Character = " "
    var index = body.startIndex
    while index < body.endIndex {
        let character = body[index]
        let startsName = (character.isLetter || character == "_") && !(previous.isLetter || previous.isNumber || previous == "_")
        guard startsName else {
            previous = character
            index = body.index(after: index)
            continue
        }
        let end = body[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? body.endIndex
        let name = String(body[index..<end])
        if previous == "[" { views.insert(name) } else { others.insert(name) }
        previous = body[body.index(before: end)]
        index = end
    }
    let metrics = Dictionary(uniqueKeysWithValues: others.subtracting(views).map { ($0, 10.0) })
    return (views, metrics)
}

@Test(arguments: corpus)
func realWorldFormatParses(_ entry: CorpusEntry) throws {
    let (views, metrics) = declarations(for: entry.format)
    let hierarchy = Hierarchy(Array(views))
    let options = try VisualFormatOptions.parse(entry.options)
    let specs = try VisualFormatParser.parse(entry.format, options: options, metrics: metrics, views: hierarchy.lookup)
    #expect(!specs.isEmpty || entry.format == "[view]", "\(entry.source)")
    // The superview is always named, never left implicit.
    #expect(specs.allSatisfy { $0.secondItem != nil || $0.firstAttribute.isSize })
}

@Test func corpusIsLargeAndVaried() {
    let projects = Set(corpus.map { $0.source.split(separator: " ")[0] })
    #expect(corpus.count >= 100)
    #expect(Set(corpus.map { $0.format + "|" + $0.options }).count == corpus.count, "no duplicates")
    #expect(projects.count >= 10)
}
