# A Homebrew formula that builds LayoutLab from source with `make install` (binary, lessons,
# man page, completions). Homebrew reads formulae from a tap's Formula/ folder, so the
# repository itself is the tap:
#   brew tap OWNER/layoutlab https://github.com/OWNER/LayoutLab
#   brew install --HEAD layoutlab
# (OWNER is wherever the repository lives; there is no tagged release yet, hence --HEAD.)
class Layoutlab < Formula
  desc "Shell for exploring Apple Auto Layout constraints"
  homepage "https://github.com/OWNER/LayoutLab"
  head "https://github.com/OWNER/LayoutLab.git", branch: "main"

  # Swift 6 (Xcode 16 or later); Package.swift asks for macOS 15. libedit is the system's.
  depends_on xcode: ["16.0", :build]
  depends_on macos: :sequoia
  uses_from_macos "libedit"

  def install
    # SwiftPM's sandbox cannot start inside Homebrew's; the Makefile passes this on.
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_FLAGS=--disable-sandbox"
  end

  test do
    assert_match(/\d+\.\d+/, shell_output("#{bin}/layoutlab --version"))
    # The lessons are found beside the binary, in share/layoutlab/lessons.
    assert_match "Lesson 1:", pipe_output("#{bin}/layoutlab --lesson 1", "\n")
    assert_match "added view a", pipe_output(bin/"layoutlab", "view a\n")
  end
end
