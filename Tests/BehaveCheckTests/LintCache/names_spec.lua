local names = {}
function names.form()
  return scene.load("form.scene.yaml")
end
return names
