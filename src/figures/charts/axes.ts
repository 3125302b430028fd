// Axis labels the figures share: durations on log scales, written as a scenario writes them.

/** A value in ms as "100 ms", "1 s", "5 min", "24 h" (Vega expression for labelExpr). */
export const LOG_MS_LABEL =
  "datum.value < 1000 ? datum.value + ' ms' : datum.value < 60000 ? datum.value / 1000 + ' s' : datum.value < 3600000 ? datum.value / 60000 + ' min' : datum.value / 3600000 + ' h'";

/** A value in minutes as "5 min", "1 h", "24 h" (Vega expression for labelExpr). */
export const MINUTES_LABEL = "datum.value < 60 ? datum.value + ' min' : datum.value / 60 + ' h'";
