// placeholder until the NatterUI module lands
