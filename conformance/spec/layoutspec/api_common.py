"""(being written)"""
OPS = {}
