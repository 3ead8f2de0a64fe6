/**
 * Series colours of the charts (graphics, not text): the brand green first, then colours that
 * stay apart from each other in both colour modes.
 */
export const seriesColors = ["#50CD89", "#7239EA", "#009EF7", "#FFC700", "#F1416C", "#0BB7AF", "#A1A5B7", "#F58A07"];
