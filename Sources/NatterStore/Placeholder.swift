// placeholder until the NatterStore module lands
