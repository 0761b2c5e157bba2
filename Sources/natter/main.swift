print("natter")
