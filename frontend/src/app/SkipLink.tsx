/** The first stop of the Tab key: jumps past the header to the page's main landmark. */
export function SkipLink() {
  return (
    <a href="#main-content" className="skip-link">
      Skip to content
    </a>
  );
}
