error('beside the working directory: src/ comes first')
