// Placeholder: filled in by issue 18 (the HTML report).
