// The page's title and lead, apart from the page so the build's prerender can write them into the
// HTML's head without importing the page itself (which App.tsx loads lazily).
export const developersTitle = "API reference";
export const developersLead =
  "Sell airtime, data, TV and electricity from your own website, app or script, at your price level, with an OjaPay API key.";
