// placeholder until the GtkKit module lands
