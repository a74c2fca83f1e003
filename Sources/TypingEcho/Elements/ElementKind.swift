/// A standard control (`kind=` on an `element` line): it brings the traits UIKit gives that
/// control, and `traits=` adds to them.
///
/// Text fields are declared with `field`; their kinds (`FieldKind`) bring `textEntry` and,
/// for secure, search and area fields, `secureTextField`, `searchField` or `textArea`.
public enum ElementKind: String, Sendable, Hashable, CaseIterable {
    /// A `UIButton`: button.
    case button
    /// A link: link.
    case link
    /// A `UILabel`, static text: staticText.
    case label
    /// A `UIImageView`: image.
    case image
    /// A heading label: staticText and header.
    case heading
    /// A `UISlider` or stepper: adjustable.
    case slider
    /// A `UISwitch`: button and toggle.
    case `switch`
    /// An item of a tab bar: button and tabBar.
    case tab

    /// The traits UIKit gives this control.
    public var defaultTraits: Traits {
        switch self {
        case .button: Traits.button
        case .link: Traits.link
        case .label: Traits.staticText
        case .image: Traits.image
        case .heading: Traits.staticText.union(.header)
        case .slider: Traits.adjustable
        case .switch: Traits.button.union(.toggle)
        case .tab: Traits.button.union(.tabBar)
        }
    }
}

extension FieldKind {
    /// The traits a text field of this kind has before it is edited or disabled:
    /// text → textEntry, secure → textEntry + secureTextField, search → textEntry + searchField,
    /// area → textEntry + textArea.
    public var defaultTraits: Traits {
        switch self {
        case .text: Traits.textEntry
        case .secure: Traits.textEntry.union(.secureTextField)
        case .search: Traits.textEntry.union(.searchField)
        case .area: Traits.textEntry.union(.textArea)
        }
    }
}
