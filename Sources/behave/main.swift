print("behave")
